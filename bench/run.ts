/**
 * `npm run bench`: runs every bench/*.bench.ts in turn; each prints its own numbers.
 * `npm run bench -- sign-in` runs only the files whose name contains "sign-in".
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const filter = process.argv[2];
const files = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();
if (!files.length) {
  console.error(filter ? `No benchmark matches "${filter}".` : 'No benchmarks found.');
  process.exit(1);
}
console.log(`node ${process.version}, ${new Date().toISOString()}\n`);
for (const file of files) {
  console.log(`== ${file}`);
  const mod = (await import(join(import.meta.dirname, file))) as { run: () => Promise<void> };
  await mod.run();
  console.log('');
}
