import { describe, expect, it } from 'vitest';
import { readCreateAdminArgs, reportCreateAdmin } from './create-admin-command.js';

/** The command line of `npm run create-admin`; its database work is in create-admin.test.ts. */
describe('create-admin command line', () => {
  const usage = { exitCode: 2, stream: 'stderr', line: expect.stringMatching(/^Usage: /) };

  it('reads a name, a normalised Indian mobile and the password', () => {
    const args = ['--name', 'Asha Verma', '--number', '98765 00001', '--password', 'long secret'];
    expect(readCreateAdminArgs(args)).toEqual({
      name: 'Asha Verma',
      phone: '+919876500001',
      password: 'long secret',
    });
  });

  it('needs no name (an existing account keeps its own)', () => {
    expect(readCreateAdminArgs(['--number', '9876500002', '--password', 'new secret'])).toEqual({
      name: undefined,
      phone: '+919876500002',
      password: 'new secret',
    });
  });

  it('answers the usage, exit 2, to a number that is not an Indian mobile', () => {
    expect(readCreateAdminArgs(['--number', '12345', '--password', 'long secret'])).toEqual(usage);
    expect(readCreateAdminArgs(['--password', 'long secret'])).toEqual(usage);
  });

  it('answers the usage to a password under 8 characters, or none', () => {
    expect(readCreateAdminArgs(['--number', '9876500001', '--password', 'short12'])).toEqual(usage);
    expect(readCreateAdminArgs(['--number', '9876500001', '--password', 'eight888'])).toMatchObject(
      { password: 'eight888' },
    );
    expect(readCreateAdminArgs(['--number', '9876500001'])).toEqual(usage);
  });

  it('answers the usage to an unknown option or one without its value', () => {
    const good = ['--number', '9876500001', '--password', 'long secret'];
    expect(readCreateAdminArgs([...good, '--role', 'admin'])).toEqual(usage);
    expect(readCreateAdminArgs([...good, '--name'])).toEqual(usage);
  });

  it('reports success on stdout with exit 0, a refusal on stderr with exit 1, never the whole number', () => {
    expect(reportCreateAdmin('created', '+919876500001')).toEqual({
      exitCode: 0,
      stream: 'stdout',
      line: 'Admin account *********0001 created.',
    });
    expect(reportCreateAdmin('promoted', '+919876500002')).toEqual({
      exitCode: 0,
      stream: 'stdout',
      line: 'Account *********0002 is now an admin; its password was set.',
    });
    expect(reportCreateAdmin('blocked', '+919876500003')).toEqual({
      exitCode: 1,
      stream: 'stderr',
      line: 'Account *********0003 is blocked: unblock it in the console first.',
    });
  });
});
