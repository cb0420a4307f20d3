import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free local port. Recipients whose local part starts with `bounce` are refused
 * for good (550), those starting with `busy` for now (451).
 */
export class TestSmtpServer {
  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
    readonly received: ReceivedMail[],
  ) {}

  static async start(): Promise<TestSmtpServer> {
    const received: ReceivedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        const local = address.address.split('@')[0];
        if (local.startsWith('bounce')) return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
        if (local.startsWith('busy')) return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = ((server as unknown as { server: Server }).server.address() as AddressInfo).port;
    return new TestSmtpServer(server, port, received);
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

export interface GatewayRequest {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local HTTP server standing in for an SMS or push provider: it records each request and answers with `status`. */
export class TestGateway {
  readonly requests: GatewayRequest[] = [];
  status = 202;
  private readonly server: Server;

  private constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.statusCode = this.status;
        response.end('{}');
      });
    });
  }

  static async start(): Promise<TestGateway> {
    const gateway = new TestGateway();
    await new Promise<void>((resolve) => gateway.server.listen(0, '127.0.0.1', resolve));
    return gateway;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/deliver`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
