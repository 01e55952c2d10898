import type { Language } from '@atendo/shared';

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
