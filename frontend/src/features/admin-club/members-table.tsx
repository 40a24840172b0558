import type { ClubMemberStatus } from '@brewery/shop-rules';
import { CLUB_MEMBER_STATUSES } from '@brewery/shop-rules';
import { Alert, Select, Skeleton, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useMediaQuery } from '@/shared/browser/use-media-query';
import { cardWords, MEMBER_STATUS_COLOURS, MEMBER_STATUS_WORDS } from '@/shared/format/club-status';
import { perthDateTime } from '@/shared/format/perth-date-time';
import { useClubMembers, type ClubMemberRow } from './api/club-admin';
import { CLUB_CARDS_QUERY } from './club-layout';
import { membersWithStatus } from './run-form-body';

const fulfilmentWords = (member: ClubMemberRow) => (member.fulfilment.method === 'pickup' ? 'Cellar door' : 'Delivery');

/** Every member, by status if one is chosen: their plan, how they get their pack, their card, when they joined. */
export function MembersTable() {
  const members = useClubMembers();
  const cards = useMediaQuery(CLUB_CARDS_QUERY);
  const [status, setStatus] = useState<ClubMemberStatus | 'all'>('all');

  const tag = (member: ClubMemberRow) => <Tag color={MEMBER_STATUS_COLOURS[member.status]}>{MEMBER_STATUS_WORDS[member.status]}</Tag>;
  const who = (member: ClubMemberRow) => (
    <div className="club-admin__who">
      <strong>{member.name}</strong>
      <span className="club-admin__muted">{member.email}</span>
    </div>
  );

  const columns: TableColumnsType<ClubMemberRow> = [
    { title: 'Member', key: 'member', render: (_, member) => who(member) },
    { title: 'Plan', key: 'plan', render: (_, member) => member.planName },
    { title: 'Status', key: 'status', render: (_, member) => tag(member) },
    { title: 'Pack', key: 'fulfilment', render: (_, member) => fulfilmentWords(member) },
    { title: 'Card', key: 'card', render: (_, member) => cardWords(member.card) },
    { title: 'Joined', key: 'joinedAt', render: (_, member) => perthDateTime(member.joinedAt) },
  ];
  const cardColumns: TableColumnsType<ClubMemberRow> = [
    {
      title: 'Members',
      key: 'card',
      render: (_, member) => (
        <article className="club-admin-card" aria-label={member.name}>
          <div className="club-admin-card__top">
            {who(member)}
            {tag(member)}
          </div>
          <span>
            {member.planName} · {fulfilmentWords(member)}
          </span>
          <span className="club-admin__muted">
            {cardWords(member.card)} · joined {perthDateTime(member.joinedAt)}
          </span>
        </article>
      ),
    },
  ];

  return (
    <>
      <div className="club-admin__filter">
        <span aria-hidden>Status</span>
        <Select<ClubMemberStatus | 'all'>
          value={status}
          onChange={setStatus}
          aria-label="Members with status"
          className="club-admin__filter-select"
          options={[
            { value: 'all', label: 'Every status' },
            ...CLUB_MEMBER_STATUSES.map((value) => ({ value, label: MEMBER_STATUS_WORDS[value] })),
          ]}
        />
      </div>
      {members.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : members.isError ? (
        <Alert type="error" showIcon title="The members could not be loaded" description={errorMessage(members.error)} />
      ) : (
        <Table<ClubMemberRow>
          className="club-admin__table"
          aria-label="Club members"
          rowKey="memberId"
          size="small"
          columns={cards ? cardColumns : columns}
          showHeader={!cards}
          dataSource={membersWithStatus(members.data, status)}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={cards ? undefined : { x: 'max-content' }}
          locale={{ emptyText: status === 'all' ? 'No members yet' : `No members with the status ${MEMBER_STATUS_WORDS[status]}` }}
        />
      )}
    </>
  );
}
