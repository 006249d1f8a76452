import { DOCUMENT_CATEGORIES } from '@pm/contracts';
import { useListDocumentCategoriesQuery } from '../../app/generated/vault-api.js';
import { useLoadErrorToast } from '../../lib/feedback/useLoadErrorToast.js';
import { vaultTexts } from './vault-texts.js';

/**
 * The categories a document can be filed under, as GET document/categories lists them. Until they arrive, or when they
 * cannot be read ("Failed to fetch document categories."), the product's own list stands in: the platform's
 * categories are the same fixed set, and the picker stays usable.
 */
export function useDocumentCategoryOptions({ skip = false }: { skip?: boolean } = {}): { value: number; label: string }[] {
  const categories = useListDocumentCategoriesQuery(undefined, { skip });
  useLoadErrorToast(categories.isError, vaultTexts.categoriesFailed);
  return (categories.data ?? DOCUMENT_CATEGORIES).map(({ id, name }) => ({ value: id, label: name }));
}
