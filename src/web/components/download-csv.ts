import { toCsv } from '../../domain/csv';

/**
 * Saves rows as a CSV file from the figures already on screen, so the file
 * and the page agree exactly. The byte-order mark lets spreadsheets read ₦.
 */
export function downloadCsv(fileName: string, rows: readonly (readonly (string | number)[])[]) {
  const blob = new Blob([`\ufeff${toCsv(rows)}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
