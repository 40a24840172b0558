import { ClubReportSection } from './club-report';
import { MembersTable } from './members-table';
import { PlansSection } from './plans-section';
import { RunForm } from './run-form';
import { RunsTable } from './runs-table';
import './club.css';

/**
 * The Club tab (staff whose role allows `club`): the runs (a new one, and every run with its members' counts and
 * revenue, each opening its members), the members by status, the report, and the plans.
 */
export function ClubTab() {
  return (
    <section className="club-admin" aria-labelledby="club-admin-title">
      <header className="club-admin__header">
        <h2 id="club-admin-title" className="club-admin__title">
          Beer club
        </h2>
        <p className="club-admin__muted">
          Plans customers join, the runs charged to their saved cards, the members and what the club takes.
        </p>
      </header>

      <section className="club-admin__section" aria-labelledby="club-runs-title">
        <h3 id="club-runs-title" className="club-admin__subtitle">
          Runs
        </h3>
        <RunForm />
        <RunsTable />
      </section>

      <section className="club-admin__section" aria-labelledby="club-members-title">
        <h3 id="club-members-title" className="club-admin__subtitle">
          Members
        </h3>
        <MembersTable />
      </section>

      <section className="club-admin__section" aria-labelledby="club-report-title">
        <h3 id="club-report-title" className="club-admin__subtitle">
          Report
        </h3>
        <ClubReportSection />
      </section>

      <PlansSection />
    </section>
  );
}
