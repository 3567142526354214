// GridScanner: see Package.swift for the layer order.
