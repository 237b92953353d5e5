import { spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { connect } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { freePort } from "./built-server";

const dovecotBinary = "/usr/sbin/dovecot";

export type Dovecot = {
  port: number;
  user: string;
  pass: string;
  /** `imap://user:pass@127.0.0.1:port/INBOX`, as BOUNCE_MAILBOX_URL takes it. */
  url: string;
  /** A connected IMAP client of the mailbox's user: how a test puts mail in and looks at it. */
  connect(): Promise<ImapFlow>;
  stop(): Promise<void>;
};

function accountIds(name: string) {
  const entry = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((line) => line.startsWith(`${name}:`));
  const [, , uid, gid] = entry?.split(":") ?? [];
  if (uid === undefined) throw new Error(`no system user ${name}: install dovecot-core`);
  return { uid: Number(uid), gid: Number(gid) };
}

function listening(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("data", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Debian's Dovecot as a child of the test: its own config, sockets and Maildir in a temporary
 * folder, IMAP on 127.0.0.1 with one plain-password user. As root it runs its processes as the
 * package's `dovecot` and `dovenull` users, as anyone else as that user. A shell holds the test's
 * pipe and stops Dovecot when the pipe closes, so it ends with the test however the test ends.
 */
export async function startDovecot(): Promise<Dovecot> {
  if (!existsSync(dovecotBinary)) {
    throw new Error(
      "Dovecot is missing: `apt-get install -y dovecot-imapd` (npm test installs it).",
    );
  }
  const prefix = mkdtempSync(path.join(tmpdir(), "dovecot-"));
  chmodSync(prefix, 0o755);
  const asRoot = process.getuid?.() === 0;
  const self = userInfo().username;
  const mailOwner = asRoot ? accountIds("dovecot") : { uid: userInfo().uid, gid: userInfo().gid };
  const home = path.join(prefix, "home");
  mkdirSync(home);
  if (asRoot) chownSync(home, mailOwner.uid, mailOwner.gid);
  const port = await freePort();
  const user = "bounces";
  const pass = "bounce-mailbox-test";
  writeFileSync(path.join(prefix, "users"), `${user}:{PLAIN}${pass}\n`);
  writeFileSync(
    path.join(prefix, "dovecot.conf"),
    `protocols = imap
listen = 127.0.0.1
base_dir = ${prefix}/run
state_dir = ${prefix}/state
log_path = ${prefix}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${asRoot ? "dovecot" : self}
default_internal_group = ${asRoot ? "dovecot" : userInfo().username}
default_login_user = ${asRoot ? "dovenull" : self}
first_valid_uid = ${mailOwner.uid}
last_valid_uid = ${mailOwner.uid}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${prefix}/users
}
userdb {
  driver = static
  args = uid=${mailOwner.uid} gid=${mailOwner.gid} home=${home}/%u
}
mail_location = maildir:~/Maildir
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
`,
  );
  const child = spawn(
    "sh",
    [
      "-c",
      `"$0" -F -c "$1" & dovecot=$!; cat >/dev/null; kill $dovecot; wait $dovecot`,
      dovecotBinary,
      path.join(prefix, "dovecot.conf"),
    ],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 20_000;
  while (!(await listening(port))) {
    const log = existsSync(`${prefix}/dovecot.log`)
      ? readFileSync(`${prefix}/dovecot.log`, "utf8")
      : "";
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Dovecot did not start:\n${output}\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    user,
    pass,
    url: `imap://${user}:${pass}@127.0.0.1:${port}/INBOX`,
    async connect() {
      const client = new ImapFlow({
        host: "127.0.0.1",
        port,
        secure: false,
        auth: { user, pass },
        logger: false,
      });
      await client.connect();
      return client;
    },
    async stop() {
      child.stdin.end();
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
