/**
 * The online store: shop, product details, cart, checkout, My Orders, My Sales, My Products and the
 * wishlist (spec 000 §2 "Shop", "Product management", §4, §5, §8). The spec's own texts keep
 * its spelling; the rest is ours, written once here.
 */
export const SHOP_MESSAGES = {
  shop: {
    /** The count's title (spec 000 §2). */
    title: 'Shop Merchant',
    /** Followed by the count. */
    productsCount: 'products',
    size: 'SIZE: Normal',
    /** The grid's button that puts one in the cart (then the card shows minus, the quantity and plus). */
    addToCart: 'Add to Cart',
    search: 'Search products',
    searchButton: 'Search',
    vendor: 'Vendor',
    allVendors: 'All vendors',
    perPage: 'Products per page',
    empty: 'No products match your search.',
    placeholderAlt: 'No picture',
    minus: 'Remove one',
    plus: 'Add one',
    /** Followed by the product's name. */
    inCart: 'in cart',
    pages: 'Shop pages',
  },
  productDetails: {
    /** The button (spec 000 §2: 'Add To Cart'). */
    addToCart: 'Add To Cart',
    quantity: 'Quantity',
    description: 'Description',
    price: 'Price',
    notFound: 'This product could not be found.',
    backToShop: 'Back to the shop',
    added: 'Product added to cart successfully!!!',
    /** How many of the product the cart holds (`{count}`); the counter then sets that number. */
    inYourCart: '{count} in your cart',
    /** The button once the product is in the cart: the counter's number replaces the cart's. */
    updateCart: 'Update cart',
    updated: 'Cart updated',
    quantityZero: 'Quantity can not be zero!!',
    soldBy: 'Sold by',
    /** A failed load (not a missing product). */
    loadFailed: 'This product could not be loaded. Please try again later.',
    retry: 'Try again',
  },
  wishlist: {
    title: 'Wishlist',
    add: 'Add to wishlist',
    remove: 'Remove from wishlist',
    empty: 'Your wishlist is empty.',
    browse: 'Browse the shop',
    perPage: 'Products per page',
    pages: 'Wishlist pages',
    loadFailed: 'Your wishlist could not be loaded. Please try again later.',
    retry: 'Try again',
  },
  cart: {
    title: 'Cart',
    empty: 'Cart is Empty',
    product: 'Product',
    price: 'Price',
    quantity: 'Quantity',
    subtotal: 'Subtotal',
    remove: 'Remove',
    total: 'Total',
    proceed: 'Proceed to checkout',
    /** A product that is no longer sold (deleted, archived or its vendor gone). */
    unavailable: 'No longer available',
    unavailableHint: 'Remove the items that are no longer available to check out.',
    pricesUpdated: 'Prices were updated to the shop’s current prices.',
    continueShopping: 'Continue shopping',
    /** The side box's title. */
    totals: 'Cart totals',
  },
  checkout: {
    title: 'Checkout',
    billing: 'Billing Details',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email Address',
    phone: 'Phone',
    country: 'Country',
    address: 'Address',
    town: 'Town / City',
    postcode: 'Postcode',
    summary: 'Your Order',
    subtotal: 'Subtotal',
    processingFee: 'Processing Fee',
    tax: 'Tax',
    shipping: 'Shipping',
    free: 'Free',
    total: 'Total',
    payment: 'Payment',
    steps: [
      'Scan the QR code.',
      'Enter the total.',
      'Pay it.',
      'Enter the transaction id below.',
      'Verify and submit.',
    ],
    transactionId: 'Transaction Id',
    placeOrder: 'Place Order',
    placed: 'Your Order is placed successfully',
    /** Spec 000 §8: a bad request on checkout. */
    failed: 'Something Went Worng!!!',
    emptyCart: 'Your cart is empty: add products before checking out.',
    qrAlt: 'Payment QR code',
    payTo: 'Pay to',
    /** The summary or the payment address could not be loaded. */
    loadFailed: 'This could not be loaded. Please try again later.',
    retry: 'Try again',
    /** The link back to the cart when a product can no longer be bought. */
    backToCart: 'Back to the cart',
    // Spec 000 §5 "Checkout" (no texts given there; these are ours).
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    phoneRequired: 'Phone is required',
    phoneInvalid: 'Phone must be digits only, at least 10',
    countryRequired: 'Country is required',
    addressRequired: 'Address is required',
    townRequired: 'Town / City is required',
    postcodeRequired: 'Postcode is required',
    transactionIdRequired: 'Transaction Id is required',
  },
  orders: {
    title: 'My Orders',
    orderId: '#OrderID',
    image: 'Product image',
    name: 'Name',
    quantity: 'Quantity',
    price: 'Price',
    status: 'Status',
    action: 'Action',
    cancel: 'Cancel order',
    cancelTitle: 'Cancel order',
    /** Followed by the order number. */
    cancelPrompt: 'Cancel this order? It has not been paid yet.',
    confirmCancel: 'Cancel order',
    close: 'Close',
    cancelled: 'Your order is cancelled',
    markDelivered: 'Mark delivered',
    delivered: 'Marked as delivered',
    empty: 'You have no orders yet.',
    perPage: 'Orders per page',
    pages: 'Order pages',
    retry: 'Try again',
    placedOn: 'Placed',
    total: 'Total',
  },
  /** Order states (spec 000 §4: 'Awaiting Payment' first; the others are ours). */
  orderStatus: {
    awaitingPayment: 'Awaiting Payment',
    paid: 'Paid',
    shipped: 'Shipped',
    delivered: 'Delivered',
    cancelled: 'Cancelled',
  },
  sales: {
    title: 'My Sales',
    orderId: '#OrderID',
    date: 'Date',
    product: 'Product',
    quantity: 'Quantity',
    total: 'Total',
    status: 'Status',
    shipTo: 'Ship to',
    /** Shown instead of the address while the order is not paid. */
    notPaidYet: 'Shipping details appear once the order is paid.',
    markShipped: 'Mark shipped',
    shipped: 'Marked as shipped',
    empty: 'No sales yet.',
    perPage: 'Sales per page',
    pages: 'Sales pages',
    retry: 'Try again',
  },
  myProducts: {
    title: 'My Products',
    number: '#',
    image: 'image',
    name: 'Name',
    description: 'Description',
    price: 'Price',
    action: 'Action',
    edit: 'Edit',
    delete: 'Delete',
    newProduct: 'New Product',
    deleteTitle: 'Confirm deletion',
    deletePrompt: 'Delete this Product?',
    close: 'Close',
    empty: 'You have no products yet.',
    perPage: 'Products per page',
    pages: 'Product pages',
    /** The list could not be loaded (after the toast 'Network response was not ok'). */
    loadFailed: 'Your products could not be loaded.',
    retry: 'Try again',
    /** Another account type on a vendor's page. */
    sellersOnly: 'This page is for vendor accounts.',
  },
  productForm: {
    addTitle: 'Add New Product',
    editTitle: 'Edit Product',
    image: 'Image',
    name: 'Name',
    description: 'Description',
    price: 'Price',
    submit: 'Submit',
    upload: 'Upload',
    save: 'Save',
    notFound: 'This product could not be found.',
    imageHelp: 'One picture of the product (JPEG, PNG or WebP).',
    currentImage: 'Current image',
    /** The edit page's picture form. */
    changeImage: 'Change Image',
    /** The picked picture, before it is uploaded. */
    preview: 'New image',
    /** The edit page's details form. */
    details: 'Product details',
    // Spec 000 §8.
    added: 'Your Product are successfully added',
    updated: 'Your Product are successfully updated',
    deleted: 'Your Product are successfully deleted',
    /** After a picture change (spec 000 §8: the spec's text). */
    pictureUpdated: 'Your place are successfully updated',
    pictureFailed: 'Please try again later',
    // Spec 000 §5 "Product".
    descriptionRequired: 'Description is required',
    priceRequired: 'Price is required',
    priceInvalid: 'Invalid price',
    pictureRequired: 'Please select a image',
  },
  /** Server errors of the store (ours). */
  shopErrors: {
    productNotFound: 'Product not found',
    productUnavailable: 'This product is no longer available',
    /** Followed by the file's id: a picture that is not a public image the product's vendor uploaded. */
    pictureInvalid: "Choose a picture the product's vendor uploaded (a public image): file",
    sellersOnly: 'Only vendor accounts can sell products',
    ownProduct: 'You cannot buy your own product',
    priceTooHigh: 'Price can be at most $100,000',
    orderTooLarge: 'An order can total at most $1,000,000',
    emptyOrder: 'Add at least one product to the order',
    duplicateProduct: 'Each product can appear once in an order',
    /** 409: the shop's prices changed between the summary and the order. */
    totalChanged: 'Prices have changed since you opened checkout: please check the new total',
    orderNotFound: 'Order not found',
    orderNotOpen: 'This order can no longer be changed',
    noOpenOrder: 'There is no unpaid order to attach these details to',
    detailsExist: 'This order already has its checkout details',
    notAllowedStatus: 'This status change is not allowed',
    lineNotFound: 'Order line not found',
    detailsNotFound: 'Order details not found',
    /** A vendor removing a line of an order (the buyer's, or the admin's). */
    buyerOnly: 'Only the buyer or an administrator may change this order',
    notPaidYet: 'This order has not been paid yet',
    cartHobbyistsOnly: 'Only hobbyist accounts add products to a cart',
    tooMany: 'Too many orders: please try again later',
    /** A line's quantity over `SHOP_LIMITS.quantityMax`. */
    quantityWhole: 'Quantity must be a whole number',
    quantityTooHigh: 'Quantity can be at most 99',
    /** The admin's payment check of an order without lines or checkout details (nothing was paid). */
    nothingToVerify: 'Nothing to verify: this order has no products or no checkout details',
  },
  /** Mails to the buyer (outbox). `{order}` is the order number. */
  orderMail: {
    paidSubject: 'Your order #{order} is paid',
    paidBody:
      'Hello {name},\n\nWe have checked your payment for order #{order} ({total}). The vendors will ship it soon.\n\nYou can follow it on My Orders: {link}\n',
    shippedSubject: 'Items of your order #{order} have shipped',
    shippedBody:
      'Hello {name},\n\nItems of your order #{order} have shipped:\n{items}\n\nYou can follow it on My Orders: {link}\n',
  },
} as const;
