import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { supervise, type Supervisor } from '../../scripts/lib/supervise.mjs';

// Tiny children: one that stays up until killed, one that exits at once with code 3.
const sleeper = (): ReturnType<typeof spawn> => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
const crasher = (): ReturnType<typeof spawn> => spawn(process.execPath, ['-e', 'process.exit(3)']);

const running: Supervisor[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((supervisor) => supervisor.stop(1000)));
});

function start(options: Omit<Parameters<typeof supervise>[0], 'name' | 'log'>): {
  supervisor: Supervisor;
  lines: string[];
} {
  const lines: string[] = [];
  const supervisor = supervise({ name: 'child', log: (line) => lines.push(line), ...options });
  running.push(supervisor);
  return { supervisor, lines };
}

describe('supervise', () => {
  it('restarts a process killed with SIGKILL and logs the signal', async () => {
    const { supervisor, lines } = start({ start: sleeper, policy: { initialDelayMs: 10 } });
    supervisor.arm();
    const firstPid = supervisor.pid!;
    process.kill(firstPid, 'SIGKILL');
    await vi.waitFor(() => expect(supervisor.restarts).toBe(1));
    await vi.waitFor(() => expect(supervisor.state).toBe('running'));
    expect(supervisor.pid).not.toBe(firstPid);
    expect(lines[0]).toBe('exited unexpectedly with signal SIGKILL; restart 1 in 10 ms');
    expect(lines[1]).toBe(`restarted (pid ${supervisor.pid})`);
  });

  it('backs off doubling up to the maximum, then gives up after a burst of restarts', async () => {
    const onGiveUp = vi.fn();
    const { supervisor, lines } = start({
      start: crasher,
      onGiveUp,
      policy: { initialDelayMs: 10, maxDelayMs: 40, maxRestarts: 4, burstWindowMs: 60_000 },
    });
    supervisor.arm();
    await vi.waitFor(() => expect(onGiveUp).toHaveBeenCalledOnce(), { timeout: 10_000 });
    expect(lines.filter((line) => line.startsWith('exited unexpectedly'))).toEqual([
      'exited unexpectedly with code 3; restart 1 in 10 ms',
      'exited unexpectedly with code 3; restart 2 in 20 ms',
      'exited unexpectedly with code 3; restart 3 in 40 ms',
      'exited unexpectedly with code 3; restart 4 in 40 ms',
    ]);
    expect(onGiveUp).toHaveBeenCalledWith('child exited with code 3 after 4 restarts in 60 s; not restarting it again');
    expect(supervisor.gaveUp).toBe(true);
    expect(supervisor.state).toBe('exited');
  });

  it('starts again from the initial delay after a process stayed up resetAfterMs', async () => {
    const onGiveUp = vi.fn();
    const { supervisor, lines } = start({
      start: crasher,
      onGiveUp,
      policy: { initialDelayMs: 10, resetAfterMs: 0, maxRestarts: 3 },
    });
    supervisor.arm();
    await vi.waitFor(() => expect(onGiveUp).toHaveBeenCalledOnce(), { timeout: 10_000 });
    expect(lines.filter((line) => line.startsWith('exited unexpectedly')).map((line) => line.split(' in ')[1])).toEqual(
      ['10 ms', '10 ms', '10 ms'],
    );
  });

  it('does not restart a process that dies before arm() (a failed start) or that stop() ended', async () => {
    const early = start({ start: crasher, policy: { initialDelayMs: 10 } });
    await vi.waitFor(() => expect(early.lines).toEqual(['exited with code 3 while starting']));
    expect(early.supervisor.state).toBe('exited');

    const stopped = start({ start: sleeper, policy: { initialDelayMs: 10 } });
    stopped.supervisor.arm();
    await stopped.supervisor.stop();
    expect(stopped.supervisor.state).toBe('exited');
    expect(stopped.supervisor.restarts).toBe(0);
    expect(stopped.lines).toEqual([]);
  });

  it('reports a binary that cannot be spawned as an exit', async () => {
    const onGiveUp = vi.fn();
    const { supervisor, lines } = start({
      start: () => spawn('/nonexistent/folio-binary'),
      onGiveUp,
      policy: { initialDelayMs: 10, maxRestarts: 1 },
    });
    supervisor.arm();
    await vi.waitFor(() => expect(onGiveUp).toHaveBeenCalledOnce());
    expect(lines[0]).toMatch(/^failed: spawn \/nonexistent\/folio-binary ENOENT/);
    expect(supervisor.restarts).toBe(1);
  });
});
