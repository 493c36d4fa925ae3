import { unlink } from 'node:fs/promises';
import { resolve, sep } from 'node:path';

/**
 * Deletes a stored upload after its row is gone. Only a path inside `dir` is touched (a stored
 * path is ours, but a bad row must not delete anything else), and a file already missing is
 * fine: the database row, not the file, says what exists.
 */
export async function removeFileQuietly(dir: string, relativePath: string | null | undefined) {
  if (!relativePath) return;
  const root = resolve(dir);
  const target = resolve(root, relativePath);
  if (!target.startsWith(root + sep)) return;
  await unlink(target).catch(() => undefined);
}
