import type { Response } from 'express';

/** Answers `content` as a CSV file the browser saves as `fileName`, kept by no cache. */
export function csvDownload(res: Response, fileName: string, content: string): string {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'no-store');
  return content;
}
