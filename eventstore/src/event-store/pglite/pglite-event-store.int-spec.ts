import { describeEventStoreContract } from '../event-store.contract';
import { describeSqlEventStoreContract } from '../sql/sql-event-store.contract';
import { PGLITE_IN_MEMORY, PgliteEventStore } from './pglite-event-store';

describeEventStoreContract('PGlite (memory://)', () => PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY }));
describeSqlEventStoreContract('PGlite (memory://)', () => PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY }));
