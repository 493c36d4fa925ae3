import { readFileSync } from 'node:fs';

/** One instruction of a Dockerfile stage that the release test replays. */
export type DockerStep =
  { kind: 'copy'; sources: string[]; dest: string; from?: string } | { kind: 'run'; line: string };

export interface DockerStage {
  name?: string;
  run: string[];
  env: Record<string, string>;
  cmd: string[];
  steps: DockerStep[];
}

/**
 * The build and runtime stages of the Dockerfile, read as far as the release test needs: COPY,
 * RUN, ENV and CMD (JSON form). No instruction spans lines here; a test would catch one that did.
 */
export function readDockerfile(path: string): { build: DockerStage; runtime: DockerStage } {
  const stages: DockerStage[] = [];
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [instruction = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (instruction === 'FROM') {
      stages.push({ name: /\bAS\s+(\S+)/i.exec(args)?.[1], run: [], env: {}, cmd: [], steps: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${path}: ${instruction} before FROM`);
    if (instruction === 'RUN') {
      stage.run.push(args);
      stage.steps.push({ kind: 'run', line: args });
    } else if (instruction === 'ENV') {
      const [key, ...value] = args.split('=');
      stage.env[key!] = value.join('=');
    } else if (instruction === 'CMD') {
      stage.cmd = JSON.parse(args) as string[];
    } else if (instruction === 'COPY') {
      const parts = args.split(/\s+/);
      const from = parts[0]?.startsWith('--from=') ? parts.shift()!.slice('--from='.length) : undefined;
      const dest = parts.pop()!;
      stage.steps.push({ kind: 'copy', sources: parts, dest, from });
    }
  }
  const build = stages.find((s) => s.name === 'build');
  const runtime = stages.at(-1);
  if (!build || !runtime || build === runtime) throw new Error(`${path}: expected a "build" stage and a runtime stage`);
  return { build, runtime };
}

/** The systemd unit's [Service] settings, its ExecStart and its Environment= pairs. */
export function readUnit(path: string) {
  const service: Record<string, string> = {};
  const environment: Record<string, string> = {};
  let section = '';
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (line.startsWith('[')) {
      section = line;
      continue;
    }
    if (section !== '[Service]') continue;
    const at = line.indexOf('=');
    const key = line.slice(0, at);
    const value = line.slice(at + 1);
    if (key === 'Environment') {
      const eq = value.indexOf('=');
      environment[value.slice(0, eq)] = value.slice(eq + 1);
    } else service[key] = value;
  }
  if (!service.ExecStart) throw new Error(`${path}: no ExecStart`);
  return { service, environment, execStart: service.ExecStart };
}
