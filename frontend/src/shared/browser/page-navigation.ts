/**
 * Whole-page navigation, kept in one module so that components stay testable: jsdom cannot navigate,
 * and tests replace this module instead.
 */
export function reloadPage(): void {
  window.location.reload();
}

export function leaveSite(url: string): void {
  window.location.assign(url);
}
