import { hiddenCharacterIn } from '@brewery/shop-rules';
import { ID_TYPES, type IdType } from '../../orders';
import { CellarDoorErrors } from './cellar-door.errors';

/** `POST /api/admin/orders/{id}/collected`, read and checked: the ID checked, its kind, and who collected. */
export function parseCollection(body: { idChecked?: unknown; idType?: unknown; collectedBy?: unknown }): {
  idChecked: boolean;
  idType: IdType;
  collectedBy: string | null;
} {
  if (body.idChecked !== true && body.idChecked !== false) throw CellarDoorErrors.idNotChecked();
  if (typeof body.idType !== 'string' || !(ID_TYPES as readonly string[]).includes(body.idType)) throw CellarDoorErrors.invalidIdType();
  let collectedBy: string | null = null;
  if (body.collectedBy !== undefined && body.collectedBy !== null) {
    if (typeof body.collectedBy !== 'string') throw CellarDoorErrors.invalidCollectedBy();
    const name = body.collectedBy.trim();
    // The name goes on the order's history and the pickup list as typed: one line that reads as it was written.
    const hidden = hiddenCharacterIn(name);
    if (hidden?.kind === 'invisible') throw CellarDoorErrors.invisibleInCollectedBy(hidden.codePoint);
    if (name.length > 200 || hidden !== null) throw CellarDoorErrors.invalidCollectedBy();
    collectedBy = name === '' ? null : name;
  }
  return { idChecked: body.idChecked, idType: body.idType as IdType, collectedBy };
}
