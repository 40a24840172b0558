/** What other parts of the server use from operator access. */
export { AdminAuthModule } from './admin-auth.module';
export { AdminBearer } from './admin-bearer';
export { adminSessionToken } from './admin-session/admin-session-cookie';
export { hashPassword } from './credentials/scrypt-password';
