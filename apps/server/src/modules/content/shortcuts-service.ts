import {
  HOME_SHORTCUT_KEYS,
  type AdminHomeShortcut,
  type HeaderLang,
  type HomeShortcut,
  type HomeShortcutKey,
  type HomeShortcutSave,
  type ShortcutLabels,
} from '@app/contract';
import { asc } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { homeShortcuts } from '../../db/schema-home';
import type { AuditActor, AuditLog } from '../audit';
import { operatorEmails } from '../operators';

type ShortcutRow = typeof homeShortcuts.$inferSelect;

const labelsOf = (row: ShortcutRow): ShortcutLabels => (row.labels ?? {}) as ShortcutLabels;

/** The label a reader of `lang` sees: the operator's in that language, else their English one, else null (the app's own name). */
export function shortcutLabel(labels: ShortcutLabels, lang: HeaderLang): string | null {
  return labels[lang] ?? labels.en ?? null;
}

function byOrder(a: ShortcutRow, b: ShortcutRow): number {
  const key = (k: string) => HOME_SHORTCUT_KEYS.indexOf(k as HomeShortcutKey);
  return a.position - b.position || key(a.key) - key(b.key);
}

/**
 * The home page's shortcuts (docs/content.md "Home shortcuts";
 * docs/decisions/0153-home-shortcuts-configured-by-operators.md): the eight of docs/product.md §1, seeded by
 * migration, each shown or hidden, labelled and pointed at an app page by support or an admin,
 * every change audited.
 */
export class ShortcutService {
  constructor(
    private readonly ctx: AppContext,
    private readonly deps: { audit: AuditLog },
  ) {}

  private async rows(db: DbOrTx = this.ctx.db): Promise<ShortcutRow[]> {
    return (await db.select().from(homeShortcuts).orderBy(asc(homeShortcuts.position))).sort(byOrder);
  }

  /** The shown shortcuts in their order, labelled for `lang`. */
  async shown(lang: HeaderLang): Promise<HomeShortcut[]> {
    return (await this.rows())
      .filter((r) => r.visible)
      .map((r) => ({ key: r.key as HomeShortcutKey, label: shortcutLabel(labelsOf(r), lang), target: r.target }));
  }

  async adminList(db: DbOrTx = this.ctx.db): Promise<AdminHomeShortcut[]> {
    const rows = await this.rows(db);
    const emails = await operatorEmails(
      db,
      rows.flatMap((r) => (r.updatedBy === null ? [] : [r.updatedBy])),
    );
    return rows.map((r) => ({
      key: r.key as HomeShortcutKey,
      visible: r.visible,
      position: r.position,
      labels: labelsOf(r) as Record<string, string>,
      target: r.target,
      updatedAt: r.updatedAt?.getTime() ?? null,
      updatedBy: r.updatedBy === null ? null : (emails.get(r.updatedBy) ?? null),
    }));
  }

  /** One shortcut as an operator sets it; audited with before and after in the same transaction. */
  async save(actor: AuditActor, body: HomeShortcutSave): Promise<AdminHomeShortcut> {
    const now = this.ctx.clock.now();
    const next = {
      key: body.key,
      visible: body.visible,
      position: body.position,
      labels: body.labels,
      target: body.target,
      updatedAt: now,
      updatedBy: actor.operatorId,
    };
    await this.ctx.db.transaction(async (tx) => {
      const before = (await this.rows(tx)).find((r) => r.key === body.key);
      await tx
        .insert(homeShortcuts)
        .values(next)
        .onConflictDoUpdate({
          target: homeShortcuts.key,
          set: {
            visible: next.visible,
            position: next.position,
            labels: next.labels,
            target: next.target,
            updatedAt: now,
            updatedBy: actor.operatorId,
          },
        });
      await this.deps.audit.write(tx, actor, {
        action: 'home_shortcut.update',
        targetType: 'home_shortcut',
        targetId: body.key,
        before: before
          ? { visible: before.visible, position: before.position, labels: labelsOf(before), target: before.target }
          : null,
        after: { visible: body.visible, position: body.position, labels: body.labels, target: body.target },
      });
    });
    return (await this.adminList()).find((r) => r.key === body.key)!;
  }
}
