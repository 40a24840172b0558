import { ID_TYPES, type IdType } from '../domain/order.events';
import { CellarDoorErrors } from './cellar-door.errors';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

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
    if (name.length > 200 || CONTROL_CHARACTER.test(name)) throw CellarDoorErrors.invalidCollectedBy();
    collectedBy = name === '' ? null : name;
  }
  return { idChecked: body.idChecked, idType: body.idType as IdType, collectedBy };
}
