import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback (the `smtp-server` package) that keeps every message it
 * accepts, by its Message-ID. `stop` and `start` take it down and bring it back on the same
 * port, as a mail relay's restart does.
 */
export class SmtpReceiver {
  /** Message-IDs in the order they arrived; a mail sent twice appears twice. */
  readonly received: string[] = [];
  /** Up but turning every session away with 421, as a relay that is overloaded or shutting down does. */
  refusing = false;
  private server: SMTPServer | undefined;
  readonly port: number;

  constructor(port: number) {
    this.port = port;
  }

  async start() {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // A stop should not wait half a minute for a connection the client left open.
      closeTimeout: 1_000,
      onConnect: (_session, callback) => {
        if (!this.refusing) return callback();
        callback(
          Object.assign(new Error('Service not available, closing transmission channel'), { responseCode: 421 }),
        );
      },
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.received.push(/^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? 'no Message-ID');
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async stop() {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
