import { useNavigate, useParams } from 'react-router-dom';
import { BeerPage } from '@/features/beer/beer-page';
import { useCart } from '@/features/cart/use-cart';
import { paths } from '../paths';

export function Component() {
  const { slug = '' } = useParams();
  const cart = useCart();
  const navigate = useNavigate();
  return (
    <BeerPage
      slug={slug}
      cartLines={cart.lines}
      onAddToCart={cart.add}
      onCheckout={() => void navigate(paths.checkout.getHref())}
      homeHref={paths.home.getHref()}
      shopHref={paths.shop.getHref()}
    />
  );
}
