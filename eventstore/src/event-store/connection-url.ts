/**
 * A connection URL as an operator may see it in a log or an error: the password left out. Read as text, not as a
 * URL, so a cluster's list of hosts (`mongodb://u:p@a:27017,b:27017/…`) is shown as well.
 */
export function withoutPassword(url: string): string {
  const parts = /^([a-z][a-z0-9+.-]*:\/\/)(?:([^@/?#]*)@)?(.*)$/i.exec(url);
  if (parts === null) return '(an unreadable URL)';
  const [, scheme = '', userinfo, rest = ''] = parts;
  if (userinfo === undefined) return `${scheme}${rest}`;
  const colon = userinfo.indexOf(':');
  return `${scheme}${colon === -1 ? userinfo : `${userinfo.slice(0, colon)}:***`}@${rest}`;
}
