import { apiRequest } from '@/shared/api/api-client';

/**
 * Ends the stored token on the server, so a copy of it (another tab, a shared computer's history) is
 * refused from now on. The browser forgets it either way: a token the server already refuses (401) ends
 * the session just the same, and a network failure must not keep the operator logged in here.
 */
export async function logoutAdmin(): Promise<void> {
  try {
    await apiRequest('POST', '/api/admin/logout');
  } catch {
    // Forgotten below all the same.
  }
}
