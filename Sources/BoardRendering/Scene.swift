// Offers: placeholder
