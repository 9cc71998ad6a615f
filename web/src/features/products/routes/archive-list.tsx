import { ProductsList } from '../components/products-list';

export function ArchiveListRoute() {
  return <ProductsList key="archive" section="archive" />;
}

export const Component = ArchiveListRoute;
