package org.tsdbbench.common.devops;

import java.util.List;
import java.util.SplittableRandom;
import org.tsdbbench.common.workload.Mix;

/**
 * The ten tags of TSBS's DevOps hosts, in TSBS's order, and the values a generated host draws for
 * them from TSBS's choices (its regions with their datacenters, 100 racks per datacenter, 20
 * services of 2 versions, its operating systems, architectures, teams and environments).
 */
public final class HostTags {

    /** The tag keys, in the order of a TSBS line: hostname first. */
    public static final List<String> KEYS = List.of("hostname", "region", "datacenter", "rack", "os", "arch", "team", "service",
            "service_version", "service_environment");

    private static final String[][] REGIONS = {
        {"us-east-1", "us-east-1a", "us-east-1b", "us-east-1c", "us-east-1e"},
        {"us-west-1", "us-west-1a", "us-west-1b"},
        {"us-west-2", "us-west-2a", "us-west-2b", "us-west-2c"},
        {"eu-west-1", "eu-west-1a", "eu-west-1b", "eu-west-1c"},
        {"eu-central-1", "eu-central-1a", "eu-central-1b"},
        {"ap-southeast-1", "ap-southeast-1a", "ap-southeast-1b"},
        {"ap-southeast-2", "ap-southeast-2a", "ap-southeast-2b"},
        {"ap-northeast-1", "ap-northeast-1a", "ap-northeast-1c"},
        {"sa-east-1", "sa-east-1a", "sa-east-1b", "sa-east-1c"},
    };
    private static final String[] OS = {"Ubuntu16.10", "Ubuntu16.04LTS", "Ubuntu15.10"};
    private static final String[] ARCH = {"x64", "x86"};
    private static final String[] TEAM = {"SF", "NYC", "LON", "CHI"};
    private static final String[] ENVIRONMENT = {"production", "staging", "test"};

    private HostTags() {
    }

    /** The tag values of generated host {@code index}, in {@link #KEYS} order: a function of the seed and the index. */
    public static String[] generated(long seed, int index) {
        SplittableRandom r = new SplittableRandom(Mix.mix(Mix.mix(seed ^ 0x4057_7A65L) + index * Mix.GAMMA));
        String[] region = REGIONS[r.nextInt(REGIONS.length)];
        return new String[] {
            DevopsSpec.hostname(index), region[0], region[1 + r.nextInt(region.length - 1)], Integer.toString(r.nextInt(100)),
            OS[r.nextInt(OS.length)], ARCH[r.nextInt(ARCH.length)], TEAM[r.nextInt(TEAM.length)], Integer.toString(r.nextInt(20)),
            Integer.toString(r.nextInt(2)), ENVIRONMENT[r.nextInt(ENVIRONMENT.length)],
        };
    }
}
