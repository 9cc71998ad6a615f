import { Center, Loader } from '@mantine/core';

export function FullPageLoader() {
  return (
    <Center h="100vh" data-testid="page-loader">
      <Loader color="teal" type="dots" />
    </Center>
  );
}

export function SectionLoader() {
  return (
    <Center py={80} data-testid="section-loader">
      <Loader color="teal" type="dots" />
    </Center>
  );
}
