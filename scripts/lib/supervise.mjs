// Keeps one child process running for `npm start` and the test stack: a process that exits when we
// did not ask it to is started again after a backoff, and supervision gives up on a process that
// keeps dying, so a broken build or a missing model does not loop forever. Plain Node, no
// dependencies (the root scripts run before `npm install`).

/** Restart timing; the defaults suit a stage that takes seconds to start. */
export const DEFAULT_RESTART_POLICY = {
  /** Wait before the first restart; doubles after each restart up to maxDelayMs. */
  initialDelayMs: 500,
  maxDelayMs: 10_000,
  /** A process that stayed up this long restarts after initialDelayMs again. */
  resetAfterMs: 60_000,
  /** Give up once a process needed this many restarts within burstWindowMs. */
  maxRestarts: 5,
  burstWindowMs: 60_000,
};

/**
 * Supervises the process `start()` spawns (a ChildProcess; `start` runs again for each restart).
 * `log(line)` receives the supervisor's own lines; `onGiveUp(reason)` is called once when the
 * restart burst is exhausted. Until `arm()` is called an exit is only reported (the caller fails
 * its start-up instead); after `stop()` nothing restarts.
 */
export function supervise({ name, start, log, onGiveUp = () => {}, policy = {} }) {
  const { initialDelayMs, maxDelayMs, resetAfterMs, maxRestarts, burstWindowMs } = {
    ...DEFAULT_RESTART_POLICY,
    ...policy,
  };
  let child = null;
  let startedAt = 0;
  let armed = false;
  let stopping = false;
  let gaveUp = false;
  let delayMs = initialDelayMs;
  let restartTimer = null;
  let restarts = 0;
  const recentRestarts = [];

  function launch() {
    startedAt = Date.now();
    const current = start();
    child = current;
    current.exited = false;
    const exited = (code, signal) => {
      if (current.exited) return;
      current.exited = true;
      if (!stopping && child === current) handleUnexpectedExit(code, signal);
    };
    current.on('exit', exited);
    // A process that could not be spawned (no such binary) emits 'error' and never 'exit'.
    current.on('error', (error) => {
      log(`failed: ${error.message}`);
      if (current.pid === undefined) exited(null, null);
    });
  }

  function handleUnexpectedExit(code, signal) {
    const how = signal ? `signal ${signal}` : code === null ? 'no exit code (spawn failed)' : `code ${code}`;
    if (!armed) {
      log(`exited with ${how} while starting`);
      return;
    }
    const now = Date.now();
    if (now - startedAt >= resetAfterMs) delayMs = initialDelayMs;
    while (recentRestarts.length > 0 && now - recentRestarts[0] > burstWindowMs) recentRestarts.shift();
    if (recentRestarts.length >= maxRestarts) {
      gaveUp = true;
      const reason = `${name} exited with ${how} after ${recentRestarts.length} restarts in ${burstWindowMs / 1000} s; not restarting it again`;
      log(reason);
      onGiveUp(reason);
      return;
    }
    recentRestarts.push(now);
    restarts += 1;
    log(`exited unexpectedly with ${how}; restart ${restarts} in ${delayMs} ms`);
    restartTimer = setTimeout(() => {
      restartTimer = null;
      if (stopping) return;
      launch();
      if (child.pid !== undefined) log(`restarted (pid ${child.pid})`);
    }, delayMs);
    delayMs = Math.min(delayMs * 2, maxDelayMs);
  }

  /** Stops the process: SIGTERM, then SIGKILL after graceMs. Resolves once it is gone. */
  function stop(graceMs = 10_000) {
    stopping = true;
    if (restartTimer) clearTimeout(restartTimer);
    const current = child;
    if (!current || current.exited) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => current.kill('SIGKILL'), graceMs);
      current.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      current.kill('SIGTERM');
    });
  }

  launch();
  return {
    name,
    /** The current process's pid (a restart changes it). */
    get pid() {
      return child.pid;
    },
    /** 'running', 'restarting' (exited, restart pending), 'exited' (not armed, stopped or given up). */
    get state() {
      if (!child.exited) return 'running';
      return restartTimer ? 'restarting' : 'exited';
    },
    get restarts() {
      return restarts;
    },
    get gaveUp() {
      return gaveUp;
    },
    /** From now on an unexpected exit restarts the process. */
    arm() {
      armed = true;
    },
    stop,
  };
}
