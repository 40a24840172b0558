import { createContext } from 'react';

/**
 * True while the server draws the admin page for an operator whose session cookie it has checked: the gate
 * then shows the dashboard (the server has no local storage to read a token from). False everywhere else.
 */
export const ServerAdminSession = createContext(false);
