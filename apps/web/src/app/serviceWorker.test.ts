import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepRegistering } from './serviceWorker';

/** A worker the test moves through its states, as the browser would. */
class Worker extends EventTarget {
  state = 'installing';
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** A registration whose first install the test runs. */
class Registration extends EventTarget {
  installing: Worker | null = null;
  waiting: Worker | null = null;
  active: Worker | null = null;
  startInstall(): Worker {
    const worker = new Worker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
  failInstall(worker: Worker) {
    this.installing = null;
    worker.become('redundant');
  }
}

function registrar() {
  const registrations: Registration[] = [];
  let failNext = false;
  const register = vi.fn(
    (registered: (r: ServiceWorkerRegistration | undefined) => void, failed: () => void): void => {
      if (failNext) {
        failNext = false;
        failed();
        return;
      }
      const registration = new Registration();
      registrations.push(registration);
      registered(registration as unknown as ServiceWorkerRegistration);
    },
  );
  const registration = (index: number): Registration => {
    const made = registrations[index];
    if (!made) throw new Error(`no registration #${index}`);
    return made;
  };
  return {
    register,
    registration,
    failNextRegistration: () => {
      failNext = true;
    },
  };
}

describe('keepRegistering', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('registers again after a first install that failed, 5 s later', () => {
    const { register, registration } = registrar();
    keepRegistering(register);
    expect(register).toHaveBeenCalledTimes(1);

    const first = registration(0);
    first.failInstall(first.startInstall());
    vi.advanceTimersByTime(4_900);
    expect(register).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(register).toHaveBeenCalledTimes(2);

    // The second install goes through: nothing more is tried.
    const second = registration(1);
    const worker = second.startInstall();
    second.installing = null;
    second.active = worker;
    worker.become('activated');
    vi.advanceTimersByTime(3_600_000);
    expect(register).toHaveBeenCalledTimes(2);
  });

  it('tries at once when the phone comes back online, and only once for the failure', () => {
    const { register, registration } = registrar();
    keepRegistering(register);
    const first = registration(0);
    first.failInstall(first.startInstall());

    window.dispatchEvent(new Event('online'));
    expect(register).toHaveBeenCalledTimes(2);
    // The timer of that failure is gone, and so is its 'online' listener.
    vi.advanceTimersByTime(60_000);
    window.dispatchEvent(new Event('online'));
    expect(register).toHaveBeenCalledTimes(2);
  });

  it('waits longer after each failed registration', () => {
    const { register, failNextRegistration } = registrar();
    failNextRegistration();
    keepRegistering(register);
    expect(register).toHaveBeenCalledTimes(1);
    failNextRegistration();
    vi.advanceTimersByTime(5_000);
    expect(register).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(29_000);
    expect(register).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1_000);
    expect(register).toHaveBeenCalledTimes(3);
  });

  it('does not count a worker that a newer one replaced as a failure', () => {
    const { register, registration } = registrar();
    keepRegistering(register);
    const first = registration(0);
    const older = first.startInstall();
    first.startInstall();
    older.become('redundant');
    vi.advanceTimersByTime(3_600_000);
    expect(register).toHaveBeenCalledTimes(1);
  });
});
