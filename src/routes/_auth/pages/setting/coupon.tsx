import { createFileRoute } from '@tanstack/react-router';
import { CouponScreen } from '../../../../features/assets/CouponScreen';

export const Route = createFileRoute('/_auth/pages/setting/coupon')({ component: CouponScreen });
