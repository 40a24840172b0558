import 'react';

declare module 'react' {
  // The type parameter must match React's own declaration for the two to merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface HTMLAttributes<T> {
    /** Element Timing: the browser reports when this element's text is painted, under this name. */
    elementtiming?: string;
  }
}
