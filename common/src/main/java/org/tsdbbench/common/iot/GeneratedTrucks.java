package org.tsdbbench.common.iot;

import org.tsdbbench.common.workload.Mix;
import java.util.List;

/**
 * Trucks as TSBS makes them: truck i is named {@code truck_i}; its fleet, driver, model and device
 * version are uniform choices among TSBS's, and the model decides the three capacities. Each
 * truck's choices come from the seed and its number, so nothing is stored per truck.
 */
final class GeneratedTrucks implements Trucks {

    static final List<String> FLEETS = List.of("East", "West", "North", "South");
    static final List<String> DRIVERS = List.of("Derek", "Rodney", "Albert", "Andy", "Seth", "Trish");
    static final List<String> MODELS = List.of("F-150", "G-2000", "H-2");
    static final List<String> DEVICE_VERSIONS = List.of("v1.0", "v1.5", "v2.0", "v2.3");
    // Per model, as TSBS's modelChoices: load capacity, fuel capacity, nominal fuel consumption.
    static final List<String> LOAD_CAPACITIES = List.of("2000", "5000", "1500");
    static final List<String> FUEL_CAPACITIES = List.of("200", "300", "150");
    static final List<String> NOMINAL_FUEL_CONSUMPTIONS = List.of("15", "19", "12");
    private static final double[][] NUMBERS = {{2000, 5000, 1500}, {200, 300, 150}, {15, 19, 12}};

    private final long salt;

    GeneratedTrucks(long seed) {
        this.salt = Mix.mix(seed ^ 0x7A0C_5EEDL);
    }

    @Override
    public int code(int truck, IotTag tag) {
        if (tag == IotTag.NAME) return truck;
        long h = Mix.mix(salt + truck * Mix.GAMMA);
        return switch (tag) {
            case FLEET -> (int) Long.remainderUnsigned(h, 4);
            case DRIVER -> (int) Long.remainderUnsigned(h >>> 8, 6);
            case DEVICE_VERSION -> (int) Long.remainderUnsigned(h >>> 16, 4);
            default -> (int) Long.remainderUnsigned(h >>> 24, 3); // model and the capacities it decides
        };
    }

    @Override
    public List<String> values(IotTag tag) {
        return switch (tag) {
            case NAME -> throw new IllegalArgumentException("names have no list of values: truck_<code>");
            case FLEET -> FLEETS;
            case DRIVER -> DRIVERS;
            case MODEL -> MODELS;
            case DEVICE_VERSION -> DEVICE_VERSIONS;
            case LOAD_CAPACITY -> LOAD_CAPACITIES;
            case FUEL_CAPACITY -> FUEL_CAPACITIES;
            case NOMINAL_FUEL_CONSUMPTION -> NOMINAL_FUEL_CONSUMPTIONS;
        };
    }

    @Override
    public double number(IotTag tag, int code) {
        if (!tag.numeric) throw new IllegalArgumentException(tag.key + " is not a number");
        return NUMBERS[tag.ordinal() - IotTag.LOAD_CAPACITY.ordinal()][code];
    }
}
