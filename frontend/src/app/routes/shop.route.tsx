import { useNavigate } from 'react-router-dom';
import { useCart } from '@/features/cart/use-cart';
import { ShopPage } from '@/features/shop/shop-page';
import { paths } from '../paths';

export function Component() {
  const cart = useCart();
  const navigate = useNavigate();
  return <ShopPage cartLines={cart.lines} onAddToCart={cart.add} onCheckout={() => void navigate(paths.checkout.getHref())} />;
}
