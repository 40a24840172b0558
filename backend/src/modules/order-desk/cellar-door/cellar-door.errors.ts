import { invisibleCharacterRule } from '@brewery/shop-rules';
import { DomainError } from '../../../shared-kernel/domain-error';
import { ID_TYPES } from '../../orders';

/** The cellar door's requests, as the operator's screen or script sends them, and what is refused. */
export const CellarDoorMessages = {
  idType: `idType must be one of ${ID_TYPES.join(', ')}`,
  idChecked: 'idChecked must be true: check the photo ID of whoever collects (18+) before handing the order over',
  collectedBy: 'collectedBy must be the name of whoever collected the order for the customer, 1 to 200 characters on one line',
  date: 'date must be a Saturday, YYYY-MM-DD',
} as const;

export const CellarDoorErrors = {
  invalidIdType: (): DomainError => new DomainError('invalid_id_type', CellarDoorMessages.idType),
  idNotChecked: (): DomainError => new DomainError('id_not_checked', CellarDoorMessages.idChecked),
  invalidCollectedBy: (): DomainError => new DomainError('invalid_collected_by', CellarDoorMessages.collectedBy),
  invisibleInCollectedBy: (codePoint: string): DomainError =>
    new DomainError('invalid_collected_by', `collectedBy ${invisibleCharacterRule(codePoint)}: type the name again`),
  invalidDate: (): DomainError => new DomainError('invalid_pickup_date', CellarDoorMessages.date),
} as const;
