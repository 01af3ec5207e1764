// The stores' "try, else show the error" (webui/src/state/attempt.ts): a failed request's message goes
// where the view shows errors, the verb goes on, and whether it succeeded is returned.
import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { RequestFailed } from '../../src/connection/client.js';
import { attempt, messageOf } from '../../src/state/attempt.js';

describe('attempt', () => {
  it('runs the work and says it succeeded, leaving the error signal alone', async () => {
    const error = signal<string | null>('an earlier error');
    let ran = false;
    expect(await attempt(error, async () => void (ran = true))).toBe(true);
    expect(ran).toBe(true);
    expect(error.value).toBe('an earlier error');
  });

  it("puts a refused request's message into the error signal and does not throw", async () => {
    const error = signal<string | null>(null);
    const ok = await attempt(error, () => Promise.reject(new RequestFailed('refused', 'the file changed since it was listed')));
    expect(ok).toBe(false);
    expect(error.value).toBe('the file changed since it was listed');
  });

  it('hands the message to a function instead (a notice above the list)', async () => {
    const notices: string[] = [];
    expect(
      await attempt(
        (m) => notices.push(`failed: ${m}`),
        () => Promise.reject('connection lost'),
      ),
    ).toBe(false);
    expect(notices).toEqual(['failed: connection lost']);
  });
});

describe('messageOf', () => {
  it("is an Error's message, and any other thrown value as text", () => {
    expect(messageOf(new RequestFailed('internal', 'boom'))).toBe('boom');
    expect(messageOf(new Error('plain'))).toBe('plain');
    expect(messageOf(7)).toBe('7');
  });
});
