import { PassThrough } from 'node:stream';
import type { Language } from '@atendo/shared';
import ExcelJS from 'exceljs';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { safeCells } from '../../platform/spreadsheet';
import { recordAudit } from '../audit/audit.public';
import * as repo from './contacts.repository';

/** The export's words in the user's language (issue 16 item 11); the import's column guess reads each of them. */
interface ExportLabels {
  sheet: string;
  file: string;
  headers: [name: string, number: string, email: string, tags: string, channel: string, group: string, active: string];
  yes: string;
  no: string;
}

export const EXPORT_LABELS: Record<Language, ExportLabels> = {
  pt: {
    sheet: 'contatos',
    file: 'contatos',
    headers: ['Nome', 'Número', 'E-mail', 'Tags', 'Canal', 'Grupo', 'Ativo'],
    yes: 'Sim',
    no: 'Não',
  },
  // English keeps the words the export always had, so files already read by scripts stay readable
  en: {
    sheet: 'contacts',
    file: 'contacts',
    headers: ['name', 'number', 'email', 'tags', 'channel', 'group', 'active'],
    yes: 'yes',
    no: 'no',
  },
  es: {
    sheet: 'contactos',
    file: 'contactos',
    headers: ['Nombre', 'Número', 'Correo', 'Etiquetas', 'Canal', 'Grupo', 'Activo'],
    yes: 'Sí',
    no: 'No',
  },
  tr: {
    sheet: 'kişiler',
    file: 'kisiler',
    headers: ['Ad', 'Numara', 'E-posta', 'Etiketler', 'Kanal', 'Grup', 'Aktif'],
    yes: 'Evet',
    no: 'Hayır',
  },
};

/** The contacts' export: every contact as .xlsx in the user's language. */
export function contactsExport(deps: CoreDeps) {
  const { db } = deps.database;
  return {
    /** All contacts as .xlsx in the user's language, written to a stream page by page (memory stays flat whatever the size). */
    async exportXlsx(ctx: TenantContext, language: Language) {
      recordAudit(deps, ctx, { action: 'contact.export', entity: 'contact' });
      const labels = EXPORT_LABELS[language];
      const extraNames = await repo.extraInfoNames(db, ctx);
      const out = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet(labels.sheet);
      const write = async () => {
        sheet.addRow(safeCells([...labels.headers, ...extraNames])).commit();
        let after = 0;
        for (;;) {
          const page = await repo.exportPage(db, ctx, after, 2000);
          for (const r of page) {
            const extra = new Map((r.extra ?? []).map((e) => [e.name, e.value]));
            sheet
              .addRow(
                safeCells([
                  r.name,
                  r.number,
                  r.email,
                  r.tags ?? '',
                  r.channel,
                  r.isGroup ? labels.yes : labels.no,
                  r.active ? labels.yes : labels.no,
                  ...extraNames.map((n) => extra.get(n) ?? ''),
                ]),
              )
              .commit();
          }
          if (page.length < 2000) break;
          after = page[page.length - 1].id;
        }
        sheet.commit();
        await workbook.commit();
      };
      write().catch((err) => out.destroy(err));
      return { stream: out, fileName: labels.file };
    },
  };
}
