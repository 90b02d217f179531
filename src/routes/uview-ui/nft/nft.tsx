import { createFileRoute, redirect } from '@tanstack/react-router';

/** The marketplace's other address in the original route table (spec 2): the same screen. */
export const Route = createFileRoute('/uview-ui/nft/nft')({
  beforeLoad: () => {
    throw redirect({ to: '/pages/nft/nft', replace: true });
  },
});
