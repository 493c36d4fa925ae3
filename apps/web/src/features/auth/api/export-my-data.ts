import { useMutation } from '@tanstack/react-query';
import type { AccountExport } from '@kikstart/contract/family';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/user/export: everything kept about the user and their family, as one JSON object. */
export const exportMyData = () => apiGet<AccountExport>('/user/export');

/** Saves the export as kikstart-data-YYYY-MM-DD.json through a temporary link (the token is a header, so no plain link works). */
export function saveAsJsonFile(data: AccountExport) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `kikstart-data-${data.exportedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const useExportMyData = () => useMutation({ mutationFn: async () => saveAsJsonFile(await exportMyData()) });
