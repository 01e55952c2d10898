import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ChatbotEditor, toDrafts } from './ChatbotEditor';

describe('ChatbotEditor', () => {
  it("a step's message says which placeholders it fills (issue 31 item 6)", () => {
    renderWithProviders(
      <ChatbotEditor
        steps={toDrafts([{ name: 'Planos', greetingMessage: 'Olá {{firstName}}', queueType: 'text', options: [] }])}
        onChange={() => {}}
        errors={{}}
        targets={{ queues: [], users: [], integrations: [], files: [], allowIntegration: false }}
      />,
    );
    const message = screen.getByLabelText('Mensagem');
    const help = document.getElementById(message.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toContain('Marcadores aceitos: {{name}} {{firstName}}');
  });
});
