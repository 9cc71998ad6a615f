import { ProductsList } from '../components/products-list';

export function ProductsListRoute() {
  return <ProductsList key="results" section="results" />;
}

export const Component = ProductsListRoute;
