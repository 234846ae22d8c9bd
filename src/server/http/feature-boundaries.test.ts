import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// issue 7 §3: the boundaries are lint rules on resolved paths (eslint.config.js); this shows
// they fail a cross-feature import, by alias or by relative path, on either side.
const eslint = new ESLint();

async function lintErrors(ruleId: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === ruleId)
    .map((message) => message.message);
}
const boundaryErrors = (filePath: string, code: string) =>
  lintErrors('import-x/no-restricted-paths', filePath, code);

// The first lint loads the TypeScript resolver and every rule: on a busy two-core machine that
// alone can pass the default 20 s, so these tests get room for it (they time nothing).
describe('feature boundaries', { timeout: 120_000 }, () => {
  it("refuse a server feature reaching into another feature's files", async () => {
    const errors = await boundaryErrors(
      'src/server/features/profiles/boundary-probe.ts',
      [
        "import { logIn } from '@server/features/auth/login-service';",
        "import { hashToken } from '../auth/tokens';",
        'export const probe = [logIn, hashToken];',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('through its index.ts');
  });

  it('allow a server feature to use another through its index', async () => {
    const errors = await boundaryErrors(
      'src/server/features/profiles/boundary-probe.ts',
      "import { withoutBlocked } from '@server/features/blocks';\nexport const probe = withoutBlocked;",
    );
    expect(errors).toEqual([]);
  });

  it('refuse a web feature importing another, and shared components importing the app', async () => {
    expect(
      await boundaryErrors(
        'src/web/features/profiles/boundary-probe.ts',
        "import { memberProfileQuery } from '../members/member-api';\nexport const probe = memberProfileQuery;",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'src/web/components/boundary-probe.ts',
        "import { router } from '@web/app/router';\nexport const probe = router;",
      ),
    ).toHaveLength(1);
  });

  it('refuse infrastructure reaching into a feature (issue 24 §5)', async () => {
    const errors = await boundaryErrors(
      'src/server/mail/boundary-probe.ts',
      "import { bookCredits } from '@server/features/credits';\nexport const probe = bookCredits;",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Infrastructure stands below the features');
  });

  it('refuse server code reading the web app by path, and src/locales importing either side (issue 31 item 3)', async () => {
    const read = await lintErrors(
      'no-restricted-syntax',
      'src/server/mail/boundary-probe.ts',
      [
        "export const a = new URL('../../web/locales/', import.meta.url);",
        "export const b = `src/web/locales/${'en'}/mail.json`;",
        "export const c = new URL('../../locales/', import.meta.url);",
      ].join('\n'),
    );
    expect(read).toHaveLength(2);
    expect(read[0]).toContain('src/locales');
    expect(
      await boundaryErrors(
        'src/locales/boundary-probe.ts',
        "import { translator } from '@web/i18n/translator';\nexport const probe = translator;",
      ),
    ).toHaveLength(1);
  });

  it('refuse a write to the members table outside its owner (issue 24 §2)', async () => {
    const probe = [
      "import type { Db } from '@server/db/database';",
      'export const probe = (db: Db) =>',
      "  db.updateTable('members').set({ paid_user: 1 }).execute();",
    ].join('\n');
    const errors = await lintErrors(
      'no-restricted-syntax',
      'src/server/features/payments/boundary-probe.ts',
      probe,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('members-table.ts');
    expect(
      await lintErrors('no-restricted-syntax', 'src/server/db/members-table.ts', probe),
    ).toEqual([]);
  });
});
