import type { AuditLogDto, Language } from '@atendo/shared';
import ExcelJS from 'exceljs';
import { safeCells } from '../../platform/spreadsheet';

/** The export's words in the user's language (like the reports' and contacts' exports): sheet name and headers. */
interface AuditExportLabels {
  sheet: string;
  headers: [
    id: string,
    when: string,
    company: string,
    userId: string,
    user: string,
    address: string,
    action: string,
    record: string,
    recordId: string,
    before: string,
    after: string,
  ];
}

export const AUDIT_EXPORT_LABELS: Record<Language, AuditExportLabels> = {
  pt: {
    sheet: 'auditoria',
    headers: [
      'Nº',
      'Quando',
      'Empresa',
      'ID do usuário',
      'Quem',
      'Endereço',
      'Ação',
      'Registro',
      'ID do registro',
      'Antes',
      'Depois',
    ],
  },
  en: {
    sheet: 'audit',
    headers: ['No.', 'When', 'Company', 'User ID', 'Who', 'Address', 'Action', 'Record', 'Record ID', 'Before', 'After'],
  },
  es: {
    sheet: 'auditoría',
    headers: [
      'N.º',
      'Cuándo',
      'Empresa',
      'ID de usuario',
      'Quién',
      'Dirección',
      'Acción',
      'Registro',
      'ID del registro',
      'Antes',
      'Después',
    ],
  },
  tr: {
    sheet: 'denetim',
    headers: [
      'No',
      'Ne zaman',
      'Şirket',
      'Kullanıcı kimliği',
      'Kim',
      'Adres',
      'İşlem',
      'Kayıt',
      'Kayıt kimliği',
      'Önce',
      'Sonra',
    ],
  },
};

/** The entries as one .xlsx sheet: a bold header row in `language`, then one row per entry (before/after as JSON). */
export async function auditWorkbook(rows: AuditLogDto[], language: Language): Promise<Buffer> {
  const labels = AUDIT_EXPORT_LABELS[language];
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(labels.sheet);
  sheet.addRow(safeCells(labels.headers)).font = { bold: true };
  for (const r of rows) {
    sheet.addRow(
      safeCells([
        r.id,
        r.createdAt,
        r.companyId,
        r.userId,
        r.userName,
        r.ip,
        r.action,
        r.entity,
        r.entityId,
        r.before ? JSON.stringify(r.before) : '',
        r.after ? JSON.stringify(r.after) : '',
      ]),
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
