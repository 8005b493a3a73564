package org.tsdbbench.common.iot;

/**
 * The eight tags of a truck, in TSBS's order: five texts and three numbers (TSBS writes the numbers
 * as fields of the line, since line protocol's tags are text). A record may leave one of them null.
 */
public enum IotTag {
    NAME("name", false),
    FLEET("fleet", false),
    DRIVER("driver", false),
    MODEL("model", false),
    DEVICE_VERSION("device_version", false),
    LOAD_CAPACITY("load_capacity", true),
    FUEL_CAPACITY("fuel_capacity", true),
    NOMINAL_FUEL_CONSUMPTION("nominal_fuel_consumption", true);

    /** The tag's key in line protocol and its column name in SQL. */
    public final String key;
    /** Whether the value is a number (load_capacity, fuel_capacity, nominal_fuel_consumption). */
    public final boolean numeric;

    private static final IotTag[] ALL = values();

    IotTag(String key, boolean numeric) {
        this.key = key;
        this.numeric = numeric;
    }

    public static IotTag of(int ordinal) {
        return ALL[ordinal];
    }

    /** The tag of a key, or null. */
    public static IotTag ofKey(String key) {
        for (IotTag t : ALL) if (t.key.equals(key)) return t;
        return null;
    }
}
