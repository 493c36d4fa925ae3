/**
 * `npm run create-admin`: makes an admin account on the configured database (migrating it first,
 * never seeding it). Asks for the email, then, for a new account, the first and last name and a
 * password (typed hidden, asked twice). Scripts pass `--email`, `--first-name`, `--last-name` or
 * ADMIN_EMAIL, ADMIN_FIRST_NAME, ADMIN_LAST_NAME and ADMIN_PASSWORD; there is no password flag,
 * because a command line stays in the shell history and in `ps`.
 * An existing verified account gets the admin role added and keeps its password and family.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { DataDirLockedError, openDatabase } from '@kikstart/db';
import { CREATE_ADMIN_OUTCOMES, createAdminSchema } from '@kikstart/contract/create-admin';
import { MAIL_LINK_PATHS } from '@kikstart/contract/mail-links';
import { ConfigError, loadConfig } from '../config/env.ts';
import { findAccount, grantAdmin } from '../modules/auth/create-admin.service.ts';

const USAGE = `Usage: npm run create-admin [-- --email <email> --first-name <name> --last-name <name>]

Anything not given is asked for. The password is read from ADMIN_PASSWORD or typed (hidden).
ADMIN_EMAIL, ADMIN_FIRST_NAME and ADMIN_LAST_NAME work like the flags. The database is the one the
API uses (DATABASE_URL, or the embedded one under DATA_DIR: stop the API first).`;

class CliError extends Error {}

const field = createAdminSchema.shape;
type Field = keyof typeof field;

function parseFlags() {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    const hint = process.argv.some((a) => a.startsWith('--password'))
      ? '\nThere is no --password flag (a command line stays in the shell history): set ADMIN_PASSWORD, or type it when asked.'
      : '';
    throw new CliError(`${(err as Error).message}${hint}\n\n${USAGE}`);
  }
}

/** Lines from stdin, read one at a time; a hidden question does not echo what is typed on a terminal. */
function prompter() {
  const muted = { on: false };
  const output = new Writable({
    write(chunk, encoding, done) {
      if (!muted.on) process.stdout.write(chunk, encoding);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: Boolean(process.stdin.isTTY) });
  const lines = rl[Symbol.asyncIterator]();
  return {
    async ask(question: string, { hidden = false } = {}) {
      process.stdout.write(question);
      muted.on = hidden;
      const next = await lines.next();
      muted.on = false;
      if (hidden && process.stdin.isTTY) process.stdout.write('\n');
      if (next.done) throw new CliError(`\nNo answer to "${question.trim()}" (the input ended). Nothing was changed.`);
      return next.value as string;
    },
    close: () => rl.close(),
  };
}

type Prompter = ReturnType<typeof prompter>;

/** A value from a flag or the environment must pass at once; a typed one is asked again until it does. */
async function valueFor(
  name: Field,
  given: string | undefined,
  source: string,
  ask: () => Promise<string>,
): Promise<string> {
  if (given !== undefined) {
    const parsed = field[name].safeParse(given);
    if (!parsed.success) throw new CliError(`${source}: ${parsed.error.issues[0]!.message}. Nothing was changed.`);
    return parsed.data;
  }
  for (;;) {
    const parsed = field[name].safeParse(await ask());
    if (parsed.success) return parsed.data;
    console.log(`  ${parsed.error.issues[0]!.message}`);
  }
}

async function typedPassword(prompt: Prompter) {
  for (;;) {
    const password = await valueFor('password', undefined, '', () => prompt.ask('Password: ', { hidden: true }));
    if ((await prompt.ask('Password again: ', { hidden: true })) === password) return password;
    console.log('  The two passwords differ. Please type it again.');
  }
}

async function main() {
  const flags = parseFlags();
  if (flags.help) {
    console.log(USAGE);
    return;
  }
  const env = process.env;
  // The API's own configuration (database, production checks), without the first-admin variables,
  // which this command reads one by one and asks for what is missing.
  const config = loadConfig({
    ...env,
    ADMIN_EMAIL: undefined,
    ADMIN_PASSWORD: undefined,
    ADMIN_FIRST_NAME: undefined,
    ADMIN_LAST_NAME: undefined,
  });
  const prompt = prompter();
  // A given email is checked before the database is opened, so a typo in a script fails at once.
  const givenEmail = flags.email ?? env.ADMIN_EMAIL;
  const emailSource = flags.email ? '--email' : 'ADMIN_EMAIL';
  let database;
  try {
    if (givenEmail !== undefined) await valueFor('email', givenEmail, emailSource, () => prompt.ask(''));
    database = await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: `${config.dataDir}/pglite` },
    );
  } catch (err) {
    prompt.close();
    throw err;
  }
  try {
    await database.migrate();
    const email = await valueFor('email', givenEmail, emailSource, () => prompt.ask('Email: '));
    const account = await findAccount(database.db, email);
    let input: Parameters<typeof grantAdmin>[0]['input'] = { email };
    if (account?.verified) {
      console.log(
        account.isAdmin
          ? `${email} has an account already.`
          : `${email} has an account already: adding the admin role to it.`,
      );
    } else {
      if (account)
        console.log(`${email} has an account whose email was never verified: it takes the password given here.`);
      const firstName = account
        ? undefined
        : await valueFor(
            'firstName',
            flags['first-name'] ?? env.ADMIN_FIRST_NAME,
            flags['first-name'] ? '--first-name' : 'ADMIN_FIRST_NAME',
            () => prompt.ask('First name: '),
          );
      const lastName = account
        ? undefined
        : await valueFor(
            'lastName',
            flags['last-name'] ?? env.ADMIN_LAST_NAME,
            flags['last-name'] ? '--last-name' : 'ADMIN_LAST_NAME',
            () => prompt.ask('Last name: '),
          );
      const password = env.ADMIN_PASSWORD
        ? await valueFor('password', env.ADMIN_PASSWORD, 'ADMIN_PASSWORD', () => Promise.resolve(''))
        : await typedPassword(prompt);
      input = { email, firstName, lastName, password };
    }
    const outcome = await grantAdmin({ db: database.db, now: new Date(), input });
    console.log(CREATE_ADMIN_OUTCOMES[outcome]);
    console.log(`Sign in at ${config.publicUrl}${MAIL_LINK_PATHS.login} as ${email}; the console is at /admin.`);
  } finally {
    prompt.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof CliError) console.error(err.message);
  else if (err instanceof ConfigError) console.error(`create-admin cannot run. ${err.message}`);
  else if (err instanceof DataDirLockedError)
    console.error(`create-admin cannot open the embedded database. ${err.message}\nStop the API, then run it again.`);
  else console.error(err);
  process.exit(1);
});
