import { useMutation } from '@tanstack/react-query';
import { statementFileName } from '@kikstart/contract/statement';
import { apiDownload } from '../../../lib/api-client.ts';

/** GET /api/transaction/statement?year=: the yearly dependent-care statement, saved as kikstart-statement-YYYY.pdf. */
export async function downloadStatement(year: number) {
  const pdf = await apiDownload('/transaction/statement', { year });
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = statementFileName(year);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const useDownloadStatement = () => useMutation({ mutationFn: downloadStatement });
