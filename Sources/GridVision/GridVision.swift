// GridVision: see Package.swift for the layer order.
