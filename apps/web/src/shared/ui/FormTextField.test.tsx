import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FormTextField } from './FormTextField';

function Form({ onValues }: { onValues: (v: { name: string }) => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ name: string }>({ defaultValues: { name: 'Ana' } });
  return (
    <form
      onSubmit={handleSubmit((v) => {
        onValues(v);
        if (v.name.length < 5) setError('name', { message: 'validation.tooShort' });
      })}
    >
      <FormTextField name="name" register={register} errors={errors} label="Nome" helperText="Seu nome" />
      <button type="submit">Salvar</button>
    </form>
  );
}

describe('FormTextField', () => {
  it('is registered on the form and shows the translated error in place of its helper text', async () => {
    const onValues = vi.fn();
    renderWithProviders(<Form onValues={onValues} />);
    const input = screen.getByLabelText('Nome') as HTMLInputElement;
    expect(input.value).toBe('Ana');
    expect(screen.getByText('Seu nome')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(input, 'a');
    await user.click(screen.getByText('Salvar'));
    expect(onValues).toHaveBeenCalledWith({ name: 'Anaa' });
    expect(await screen.findByText('Muito curto!')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Seu nome')).toBeNull();
  });
});
