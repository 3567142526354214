// DigitReader: see Package.swift for the layer order.
