import { ProductsList } from '../components/products-list';

export function DoctorSectionListRoute() {
  return <ProductsList key="doctorSection" section="doctorSection" />;
}

export const Component = DoctorSectionListRoute;
