// SPEC C7: a `$ref` into another schema (`#/components/schemas/A/properties/b`,
// `#/paths/…/schema`), as bundlers write them, names a type of its own: the
// cycles through such references stay typed and the output stays linear.
import type { Gateway, GatewayIpConfiguration, GatewayIpConfigurationSubnet, GatewayProvisioningState } from "./sdk/index.js";
import type { GatewaysNameGetResponses200ApplicationJson } from "./sdk/types.js";

const state: GatewayProvisioningState = "Succeeded";
export const ip: GatewayIpConfiguration = {
  state,
  subnet: { ipConfigurations: [{ state: "Failed" }], peers: [{ primary: {} }], primary: { subnet: {} } },
};
export const gateway: Gateway = { id: "g", ipConfiguration: ip, backup: ip };
export const list: GatewaysNameGetResponses200ApplicationJson[] = [{ gateway, ip }];
// @ts-expect-error the enum of provisioningState holds through the reference
export const badState: GatewayIpConfiguration = { state: "Pending" };
// @ts-expect-error subnet's items are ipConfigurations, typed through the cycle
export const badSubnet: GatewayIpConfigurationSubnet = { ipConfigurations: [{ subnet: { primary: 1 } }] };
