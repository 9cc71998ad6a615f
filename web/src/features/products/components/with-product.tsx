import type { Product } from '@genodesk/contract/products';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SectionLoader } from '@/components/full-page-loader';
import { RedirectWithToast } from '@/components/redirect-with-toast';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { useProduct } from '../api/get-product';
import { sectionPathsOf, useRouteSection } from './sections';

/**
 * Loads the report of the route's `:id` and renders it. SPEC §2: a fetch answering 404 or 204 goes
 * back to the section's list, any other error to the dashboard.
 */
export function WithProduct({ children }: { children: (product: Product) => ReactNode }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const section = useRouteSection();
  const id = Number(useParams().id);
  const product = useProduct(id, locale);
  const list = sectionPathsOf(section).list;

  if (!Number.isInteger(id) || id <= 0) {
    return <RedirectWithToast to={list} message={t('products.notFound')} missing />;
  }
  if (product.isError) {
    return isApiError(product.error) && product.error.status === 404 ? (
      <RedirectWithToast to={list} message={t('products.notFound')} missing />
    ) : (
      <RedirectWithToast to={paths.dashboard} message={t('products.loadFailed')} />
    );
  }
  if (product.data === null) return <RedirectWithToast to={list} message={t('products.notFound')} missing />;
  if (!product.data) return <SectionLoader />;
  return children(product.data);
}
