// Geometry: see Package.swift for the layer order.
