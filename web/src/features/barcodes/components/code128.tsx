import JsBarcode from 'jsbarcode';
import { useEffect, useRef } from 'react';

/** A Code 128 barcode drawn as SVG, the code printed under it. */
export function Code128({ value, height = 48 }: { value: string; height?: number }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    if (ref.current)
      JsBarcode(ref.current, value, { format: 'CODE128', height, width: 1.6, margin: 0, fontSize: 14 });
  }, [value, height]);
  return <svg ref={ref} role="img" aria-label={value} data-testid="barcode-label-svg" />;
}
